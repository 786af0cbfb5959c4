; Identified struct names are bytes: `%"\FF"` and `%"\FE"` are two types;
; forward references, opaque structs, `\22` and `\5C`, raw bytes.

%"\FF" = type { i32, ptr }
%"\FE" = type { %"\FF", %"fwd\80" }
%"fwd\80" = type { i8 }
%"opq\C0" = type opaque
%"q\22\5C" = type <{ i16, i8 }>
%"caf\C3\A9" = type { [2 x %"\FF"] }
%"rawÿþ" = type { i64 }

@a = global %"\FF" zeroinitializer
@b = global %"\FE" zeroinitializer
@c = external global %"opq\C0"
@d = global %"q\22\5C" zeroinitializer
@e = global %"caf\C3\A9" zeroinitializer
@r = global %"rawÿþ" zeroinitializer

define i32 @f(ptr %p) {
  %q = getelementptr %"\FE", ptr %p, i64 0, i32 1
  %v = load %"fwd\80", ptr %q
  %x = extractvalue %"fwd\80" %v, 0
  %y = zext i8 %x to i32
  ret i32 %y
}
