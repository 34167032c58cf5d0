// MetroCLI
