// MetroEngine
