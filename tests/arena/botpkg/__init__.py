"""Python players for the arena tests, loaded by import path."""
