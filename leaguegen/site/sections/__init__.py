"""Page renderers for section formats other than the round robin; importing registers them."""
