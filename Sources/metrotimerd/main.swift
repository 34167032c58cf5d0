print("metrotimerd")
