import { z } from 'zod';

// Every successful JSON answer is `{ data: ... }` (ARCHITECTURE.md "Server").
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
