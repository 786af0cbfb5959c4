declare i32 @__gxx_personality_v0(...)
declare void @g()
declare void @h() personality ptr @__gxx_personality_v0
