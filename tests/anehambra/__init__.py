"""Rule and view tests of アネハンブラ."""
