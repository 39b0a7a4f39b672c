/** examples/yaml: a Pulumi YAML program (YAML language host v1.19.1 from the toolchain) on the futrou plugin. */
import { automationStack, describeLifecycle } from "./lifecycle";

describeLifecycle("Pulumi YAML (examples/yaml)", (emulator) => automationStack("examples/yaml", emulator));
