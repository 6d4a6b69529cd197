/** The built-in validators by name, loaded once through the registry's own loader (engine/generated/validators.ts). */
import { builtinValidators } from '../../engine/gate/registry';

export const validators = await builtinValidators();
