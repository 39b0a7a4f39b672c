/** `pulumi convert --from futrou --language yaml`, in each API generation (lifecycle.ts). */
import { describeConversion, YAML } from "./lifecycle";

jest.setTimeout(600_000);
describeConversion(YAML);
