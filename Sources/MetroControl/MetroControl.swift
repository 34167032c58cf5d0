// MetroControl
