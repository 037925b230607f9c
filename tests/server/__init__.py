"""In-process tests of the web server (HTTP and WebSocket)."""
