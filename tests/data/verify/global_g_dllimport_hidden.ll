@g = external hidden dllimport global i32
