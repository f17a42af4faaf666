;; Bitset kernels for the catalogue index (kernels.ts): AND, AND-NOT, population counts and the list of set
;; bits of whole bitsets, the first three 128 bits at a time with WebAssembly SIMD. Operands are byte offsets into this module's memory,
;; 16-byte aligned; `n` counts 16-byte blocks. The counting variants sum each block's byte popcounts into
;; four 32-bit lanes, written out in each loop (V8 does not inline calls between WebAssembly functions).
;;
;; After editing, run `node scripts/build-kernels.mjs` (it writes kernels-wasm.ts); a test checks the two agree.
(module
  (memory (export "memory") 1)

  ;; Sum of the four 32-bit lanes.
  (func $lanes (param $v v128) (result i32)
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $v)) (i32x4.extract_lane 1 (local.get $v)))
      (i32.add (i32x4.extract_lane 2 (local.get $v)) (i32x4.extract_lane 3 (local.get $v)))))

  ;; dst := a & b
  (func (export "and") (param $dst i32) (param $a i32) (param $b i32) (param $n i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $dst) (i32.shl (local.get $n) (i32.const 4))))
    (block $done
      (br_if $done (i32.ge_u (local.get $dst) (local.get $end)))
      (loop $next
        (v128.store (local.get $dst) (v128.and (v128.load (local.get $a)) (v128.load (local.get $b))))
        (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
        (local.set $a (i32.add (local.get $a) (i32.const 16)))
        (local.set $b (i32.add (local.get $b) (i32.const 16)))
        (br_if $next (i32.lt_u (local.get $dst) (local.get $end))))))

  ;; dst := a & b, answering its popcount
  (func (export "andCount") (param $dst i32) (param $a i32) (param $b i32) (param $n i32) (result i32)
    (local $end i32) (local $v v128) (local $acc v128)
    (local.set $end (i32.add (local.get $dst) (i32.shl (local.get $n) (i32.const 4))))
    (block $done
      (br_if $done (i32.ge_u (local.get $dst) (local.get $end)))
      (loop $next
        (local.set $v (v128.and (v128.load (local.get $a)) (v128.load (local.get $b))))
        (v128.store (local.get $dst) (local.get $v))
        (local.set $acc (i32x4.add (local.get $acc)
          (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (i8x16.popcnt (local.get $v))))))
        (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
        (local.set $a (i32.add (local.get $a) (i32.const 16)))
        (local.set $b (i32.add (local.get $b) (i32.const 16)))
        (br_if $next (i32.lt_u (local.get $dst) (local.get $end)))))
    (call $lanes (local.get $acc)))

  ;; dst := a & ~b, answering its popcount
  (func (export "andNotCount") (param $dst i32) (param $a i32) (param $b i32) (param $n i32) (result i32)
    (local $end i32) (local $v v128) (local $acc v128)
    (local.set $end (i32.add (local.get $dst) (i32.shl (local.get $n) (i32.const 4))))
    (block $done
      (br_if $done (i32.ge_u (local.get $dst) (local.get $end)))
      (loop $next
        (local.set $v (v128.andnot (v128.load (local.get $a)) (v128.load (local.get $b))))
        (v128.store (local.get $dst) (local.get $v))
        (local.set $acc (i32x4.add (local.get $acc)
          (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (i8x16.popcnt (local.get $v))))))
        (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
        (local.set $a (i32.add (local.get $a) (i32.const 16)))
        (local.set $b (i32.add (local.get $b) (i32.const 16)))
        (br_if $next (i32.lt_u (local.get $dst) (local.get $end)))))
    (call $lanes (local.get $acc)))

  ;; Writes the positions of a's set bits (bit i of 32-bit word w is position 32w + i), ascending, as i32s
  ;; from byte offset $out; answers how many. Scalar: a zero word costs a load and a test, a set bit a store.
  (func (export "ids") (param $a i32) (param $n i32) (param $out i32) (result i32)
    (local $end i32) (local $w i32) (local $base i32) (local $start i32)
    (local.set $start (local.get $out))
    (local.set $end (i32.add (local.get $a) (i32.shl (local.get $n) (i32.const 4))))
    (block $done
      (br_if $done (i32.ge_u (local.get $a) (local.get $end)))
      (loop $next
        (local.set $w (i32.load (local.get $a)))
        (block $empty
          (br_if $empty (i32.eqz (local.get $w)))
          (loop $bit
            (i32.store (local.get $out) (i32.add (local.get $base) (i32.ctz (local.get $w))))
            (local.set $out (i32.add (local.get $out) (i32.const 4)))
            (local.set $w (i32.and (local.get $w) (i32.sub (local.get $w) (i32.const 1))))
            (br_if $bit (local.get $w))))
        (local.set $base (i32.add (local.get $base) (i32.const 32)))
        (local.set $a (i32.add (local.get $a) (i32.const 4)))
        (br_if $next (i32.lt_u (local.get $a) (local.get $end)))))
    (i32.shr_u (i32.sub (local.get $out) (local.get $start)) (i32.const 2)))

  ;; The popcount of a
  (func (export "count") (param $a i32) (param $n i32) (result i32)
    (local $end i32) (local $acc v128)
    (local.set $end (i32.add (local.get $a) (i32.shl (local.get $n) (i32.const 4))))
    (block $done
      (br_if $done (i32.ge_u (local.get $a) (local.get $end)))
      (loop $next
        (local.set $acc (i32x4.add (local.get $acc)
          (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (i8x16.popcnt (v128.load (local.get $a)))))))
        (local.set $a (i32.add (local.get $a) (i32.const 16)))
        (br_if $next (i32.lt_u (local.get $a) (local.get $end)))))
    (call $lanes (local.get $acc)))
)
