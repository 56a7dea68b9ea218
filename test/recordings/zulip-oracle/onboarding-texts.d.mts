/** The onboarding texts the recording of a level (`zulip-<level>-onboarding.har`) gives. */
export declare function textsOf(level: number): unknown
