"""The slow, independent oracles the tests compare pyrankcore against (none of
them imports pyrankcore)."""
