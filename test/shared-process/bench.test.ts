// bench's test files in one process under `npm test`: scripts/test-files.ts says why, and which files keep their own.
import { importShared } from '../../scripts/test-files.ts';

await importShared('bench');
