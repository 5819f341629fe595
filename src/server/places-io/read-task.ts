/** One uploaded file of saved places, as a reading thread takes it: its bytes and the name it came with. */
export type ReadTask = { bytes: Uint8Array; name: string };
