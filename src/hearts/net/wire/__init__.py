"""What travels between a client and the table server: the messages, their
error codes, join codes and seat tokens, and a client's connection."""
