/** A dump or restore that cannot go on, with a message meant for the person at the terminal. */
export class DumpError extends Error {}
