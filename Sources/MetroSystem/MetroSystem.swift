// MetroSystem
