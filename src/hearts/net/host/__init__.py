"""``hearts host`` and ``hearts join`` on the command line: the host's terminal,
its files, workers behind HAProxy, addresses and QR codes."""
