print("perfectplay: under construction")
