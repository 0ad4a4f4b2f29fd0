// Small shared helpers of the events feature: status colours and the function-type label key.
import type { FunctionType } from '../../../contract/entities';

export const statusColor = { planned: 'gray', open: 'teal', closed: 'red' } as const;
export const functionKey = (f: FunctionType) => `events.functionType.${f}` as const;
