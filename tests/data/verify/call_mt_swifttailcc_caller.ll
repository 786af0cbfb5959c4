declare swifttailcc void @g(ptr)
define swifttailcc void @f(ptr swifterror %e) {
  musttail call swifttailcc void @g(ptr %e)
  ret void
}
