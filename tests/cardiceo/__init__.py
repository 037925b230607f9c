"""Cardiceo's rule and view tests (a package, so its module names stay unique)."""
