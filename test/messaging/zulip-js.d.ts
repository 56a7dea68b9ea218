/** The parts of zulip-js 2.1.0 (untyped, CommonJS) that the tests call. */
declare module 'zulip-js' {
  /** The parsed JSON of any response, whatever its status. */
  type ZulipResponse = Record<string, any>
  interface ZulipClient {
    callEndpoint(
      endpoint: string,
      method?: string,
      params?: Record<string, unknown>,
    ): Promise<ZulipResponse>
    users: {
      retrieve(params?: Record<string, unknown>): Promise<ZulipResponse>
      create(params: Record<string, unknown>): Promise<ZulipResponse>
      me: { getProfile(): Promise<ZulipResponse> }
    }
    server: { settings(params?: Record<string, unknown>): Promise<ZulipResponse> }
  }
  function zulip(config: { username: string; apiKey: string; realm: string }): Promise<ZulipClient>
  export default zulip
}
