/** `pulumi convert --from futrou --language typescript`, in each API generation (lifecycle.ts). */
import { describeConversion, TYPESCRIPT } from "./lifecycle";

jest.setTimeout(600_000);
describeConversion(TYPESCRIPT);
