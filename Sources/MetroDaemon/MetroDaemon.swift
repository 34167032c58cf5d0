// MetroDaemon
