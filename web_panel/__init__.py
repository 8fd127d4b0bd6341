"""The phone panel: a Flask app served by the table."""
