define zeroext ptr @f() {
  ret ptr null
}
