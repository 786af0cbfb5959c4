declare ptr @r()
@i = ifunc void (), ptr @r
