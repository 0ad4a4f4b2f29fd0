// Small shared helper of the events feature: the function-type label key (status colours: components/management/event-status).
import type { FunctionType } from '../../../contract/entities';

export const functionKey = (f: FunctionType) => `glossary.functionType.${f}` as const;
