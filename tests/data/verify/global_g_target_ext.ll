@g = external global target("foo")
