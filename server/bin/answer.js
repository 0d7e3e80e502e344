#!/usr/bin/env node
// The `answer` command. TypeScript sources run through tsx's loader (see docs/decisions.md).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
