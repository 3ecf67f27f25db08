"""Section formats beyond the round robin; importing this package registers them all."""
