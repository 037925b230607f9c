"""``python -m bodoge.cli`` runs the ``bodoge`` command."""

from . import main

if __name__ == "__main__":
    main()
