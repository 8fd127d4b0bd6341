"""The many-tables side: a table publishes its status and state to an MQTT broker and a hub
follows them (``publisher``).

May import: the shared contracts only (a table's summary is built from its events), so a hub can
run on a machine with no game table.
"""
