/**
 * Reads a `text/event-stream` body (the assistant's answer): each event's `data:` lines joined by a
 * newline, handed on when the blank line that ends the event arrives. An event may be split across
 * any number of reads, even inside a line or between `\r` and `\n`; comments (`:`) and the other
 * fields (event, id, retry) carry nothing the assistant sends, so they are skipped.
 */
export function createSseParser(onData: (data: string) => void) {
  let buffer = '';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length) onData(data.join('\n'));
    data = [];
  };
  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        if (end < 0) return;
        // A lone \r at the end of a read may be the first half of \r\n: wait for the next read.
        if (buffer[end] === '\r' && end === buffer.length - 1) return;
        const breakLength = buffer.startsWith('\r\n', end) ? 2 : 1;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + breakLength);
      }
    },
    /** The stream ended: an event without its closing blank line still counts. */
    end() {
      if (buffer) line(buffer.replace(/\r$/, ''));
      buffer = '';
      dispatch();
    },
  };
}

/** Feeds every read of `body` to a parser, decoding UTF-8 across reads; settles when the stream ends. */
export async function readSse(body: ReadableStream<Uint8Array>, onData: (data: string) => void): Promise<void> {
  const parser = createSseParser(onData);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
