print("metrotimer")
