// MetroGPS
