import { describe, expect, it } from 'vitest';
import { createSseParser, readSse } from './sse';

const parse = (reads: string[]) => {
  const events: string[] = [];
  const parser = createSseParser((data) => events.push(data));
  for (const read of reads) parser.push(read);
  parser.end();
  return events;
};

const streamOf = (reads: (string | Uint8Array)[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const read of reads) controller.enqueue(typeof read === 'string' ? new TextEncoder().encode(read) : read);
      controller.close();
    },
  });

describe('the server-sent events parser', () => {
  it('hands on each event when its blank line arrives', () => {
    expect(parse(['data: {"a":1}\n\ndata: {"a":2}\n\ndata: [DONE]\n\n'])).toEqual(['{"a":1}', '{"a":2}', '[DONE]']);
  });

  it('puts together an event split across reads, inside a line and between its lines', () => {
    expect(parse(['da', 'ta: {"con', 'tent":"hel', 'lo"}', '\n', '\n', 'data: [DO', 'NE]\n\n'])).toEqual(['{"content":"hello"}', '[DONE]']);
  });

  it('reads \\r\\n and \\r line ends, even a \\r\\n split between reads', () => {
    expect(parse(['data: one\r', '\n\r\n', 'data: two\r\rdata: three\r\n\r\n'])).toEqual(['one', 'two', 'three']);
  });

  it('joins the data lines of one event, and skips comments and other fields', () => {
    expect(parse([': keep-alive\n\nevent: message\nid: 7\ndata: first\ndata: second\nretry: 10\n\n'])).toEqual(['first\nsecond']);
  });

  it('keeps a value without the space after the colon, and an event the stream ended without its blank line', () => {
    expect(parse(['data:tight\n\ndata: last'])).toEqual(['tight', 'last']);
  });

  it('decodes UTF-8 split between reads of a stream', async () => {
    const bytes = new TextEncoder().encode('data: 你好\n\n');
    const events: string[] = [];
    await readSse(streamOf([bytes.slice(0, 8), bytes.slice(8)]), (data) => events.push(data));
    expect(events).toEqual(['你好']);
  });
});
