"""Reading the table from a camera: which miniature stands in which cell."""
