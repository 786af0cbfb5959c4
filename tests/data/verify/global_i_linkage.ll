define ptr @r() {
  ret ptr null
}
@i = available_externally ifunc void (), ptr @r
