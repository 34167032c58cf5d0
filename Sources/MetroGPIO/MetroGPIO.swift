// MetroGPIO
