declare token @g()
