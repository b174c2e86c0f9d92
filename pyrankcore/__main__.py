from pyrankcore.cli import main

raise SystemExit(main())
