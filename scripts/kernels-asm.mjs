/** WAT text → WebAssembly bytes with wabt (SIMD on), shared by build-kernels.mjs and the test that checks it. */
import wabtInit from 'wabt';

export async function assembleKernels(wat) {
  const wabt = await wabtInit();
  const module = wabt.parseWat('kernels.wat', wat, { simd: true });
  try {
    module.validate();
    return Uint8Array.from(module.toBinary({}).buffer);
  } finally {
    module.destroy();
  }
}
