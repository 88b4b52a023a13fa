// libcurl, loaded on first use.
//
// pokedex does not link libcurl: it and its ~30 dependencies (OpenSSL, nghttp2, Kerberos, LDAP
// …) cost every start about 6 ms and 6 MB, and a command answered from the cache never needs
// them. `pdx_curl_load` opens the library with dlopen when the first request is made (at a cold
// launch, first thing, beside the connection opened ahead: `CurlHTTPClient.Preparation`); the
// functions below call through the pointers it resolved. They are the subset pokedex uses, each
// with a fixed type, since Swift cannot call libcurl's variadic setters.
//
// It also brings `eventfd`, `TCP_QUICKACK` and `TCP_CORK`, which Swift's Glibc module leaves out.
#pragma once

#include <curl/curl.h>
#include <netinet/tcp.h>
#include <sys/eventfd.h>

/// Loads libcurl (`libcurl.so.4`, else `libcurl-gnutls.so.4`) and initialises it, once; safe to
/// call from any thread. NULL when it is ready; otherwise why it is not (the same text at every
/// call).
const char *_Nullable pdx_curl_load(void);

CURLM *_Nullable pdx_multi_init(void);
void pdx_multi_cleanup(CURLM *_Nonnull multi);
CURLMcode pdx_multi_set_long(CURLM *_Nonnull multi, CURLMoption option, long value);
CURLMcode pdx_multi_add(CURLM *_Nonnull multi, CURL *_Nonnull easy);
CURLMcode pdx_multi_remove(CURLM *_Nonnull multi, CURL *_Nonnull easy);
CURLMcode pdx_multi_perform(CURLM *_Nonnull multi, int *_Nonnull running);
/// Waits until a transfer can progress, `wake` is readable, or `timeout_ms` passes.
CURLMcode pdx_multi_poll(CURLM *_Nonnull multi, int wake, int timeout_ms);
/// The next finished transfer and its result, or NULL when there is none.
CURL *_Nullable pdx_multi_next_done(CURLM *_Nonnull multi, CURLcode *_Nonnull result);

CURL *_Nullable pdx_easy_init(void);
void pdx_easy_cleanup(CURL *_Nonnull easy);
CURLcode pdx_easy_set_long(CURL *_Nonnull easy, CURLoption option, long value);
/// A string option; NULL unsets it (CURLOPT_CAINFO: no bundle).
CURLcode pdx_easy_set_string(CURL *_Nonnull easy, CURLoption option, const char *_Nullable value);
CURLcode pdx_easy_set_pointer(CURL *_Nonnull easy, CURLoption option, void *_Nullable value);
CURLcode pdx_easy_set_list(
  CURL *_Nonnull easy, CURLoption option, struct curl_slist *_Nullable value);
/// CURLOPT_WRITEFUNCTION or CURLOPT_HEADERFUNCTION.
CURLcode pdx_easy_set_data_function(
  CURL *_Nonnull easy, CURLoption option, curl_write_callback _Nonnull function);
CURLcode pdx_easy_set_open_socket_function(
  CURL *_Nonnull easy, curl_opensocket_callback _Nonnull function);
CURLcode pdx_easy_set_close_socket_function(
  CURL *_Nonnull easy, curl_closesocket_callback _Nonnull function);
CURLcode pdx_easy_set_socket_options_function(
  CURL *_Nonnull easy, curl_sockopt_callback _Nonnull function);

/// Makes (and frees) one TLS client context with the OpenSSL libcurl loaded, if it did: the
/// first context costs about 2 ms (OpenSSL looks up its algorithms once), which libcurl's first
/// connection otherwise pays between the server's SYN-ACK and its ClientHello. Then decodes and
/// verifies a certificate of its own, whose first time (0.4 ms) the server's would otherwise pay.
void pdx_warm_tls(void);
/// CURLINFO_RESPONSE_CODE.
long pdx_easy_response_code(CURL *_Nonnull easy);
/// A string the handle knows (CURLINFO_CAPATH, CURLINFO_CAINFO: the CA directory and bundle
/// libcurl was built to use); NULL when it has none, or does not know that one (before 7.84).
const char *_Nullable pdx_easy_info_string(CURL *_Nonnull easy, CURLINFO info);
const char *_Nonnull pdx_easy_strerror(CURLcode code);

struct curl_slist *_Nullable pdx_slist_append(
  struct curl_slist *_Nullable list, const char *_Nonnull text);
void pdx_slist_free(struct curl_slist *_Nullable list);
