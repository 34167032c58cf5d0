// MetroModel
