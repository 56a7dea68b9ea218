/** Types of `default-requests.mjs`. */
export declare const ROUTER_KEY: string
export declare const IAGO: string
export declare const PRESET_BODY: string
