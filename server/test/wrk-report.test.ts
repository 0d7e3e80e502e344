import { describe, expect, it } from 'vitest';
import { parseWrk } from '../bench/wrk.js';

describe('the benchmark’s reading of a wrk report', () => {
  it('takes req/s, the total, p50 and p99 in ms, and counts bad replies and socket errors', () => {
    const report = `Running 5s test @ http://127.0.0.1:9312/healthz
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.85ms  348.09us   9.80ms   91.23%
    Req/Sec    27.21k     1.02k   28.74k    72.00%
  Latency Distribution
     50%  812.00us
     75%    1.90ms
     90%    2.10ms
     99%    1.20s
  135399 requests in 5.00s, 30.22MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:  27075.85
Transfer/sec:      6.04MB
`;
    expect(parseWrk(report)).toEqual({ rps: 27076, total: 135399, p50: 0.81, p99: 1200, errors: 7 });
  });
});
