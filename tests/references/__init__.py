"""The slow, independent oracles the tests compare pyrankcore against, each
written from the rule texts without the code it checks (reference,
low_reference, wild_reference, ofc_reference, ofc2_reference), and
row_loops, which runs a batch once on every row loop this CPU has."""
