/*
 * The media worker's decoder: PocketSphinx kept loaded in one process, answering decode requests on stdin, one per
 * line, on stdout, one per line. It decodes as pocketsphinx_batch does a whole utterance (-adcin, the same library
 * calls), so every word and score is the same; what it saves is the process start and the model load of each
 * decode, and, for a grammar decode that asks for the free phones of the same audio too, the scoring of the
 * frames a second time: both searches step through the frames together, and each frame is scored once, for the
 * senones either search needs (patches/02-shared-frame-scoring.patch). Every senone score is then relative to the
 * best of those, so the two decodes' scores are comparable frame by frame, and each search finds exactly what it
 * would alone (all its scores move by the same amount in a frame).
 *
 * The free phones are a loop of the model's context-independent phones with no language model of their own (a
 * uniform unigram, written at start): the sounds heard, not the likeliest English phone sequence.
 *
 * Started with the acoustic model, the search's beams and the decoders it keeps, one per profile (a vocal tract
 * warp, a number of Gaussians per codebook, and whether every senone is scored, -compallsen):
 *   decoder-server <hmm dir> <beam>:<pbeam>:<wbeam> <warp>:<topn>:<0|1> [...]
 * Each request is one line of tab-separated fields:
 *   <id> TAB <profile index> TAB <grammar: a JSGF path, or - for free phones alone> TAB <dictionary path, or -> TAB
 *   <16 kHz 16-bit mono WAV path (44-byte header)> TAB <first sample> TAB <samples, or -1 for all> TAB
 *   <1: with a grammar, the free phones of the same audio too; 0: not>
 * and is answered with
 *   <id> TAB ok TAB <hypseg> [TAB <hypseg of the free phones>]
 * each hypseg the line pocketsphinx_batch writes (utt S 0 T total A acoustic L language (sf ascr lscr word)... ef), or
 *   <id> TAB error TAB <reason>
 * A grammar whose search found no path within the narrow beams (every path pruned, as happens in a noisy frame) is
 * decoded again with pocketsphinx's default beams, rather than answered with nothing heard.
 *
 * A stream decodes an utterance as its audio arrives (live hearing), with a profile's decoder and one grammar search
 * (ps_start_utt(), ps_process_raw() of each piece, ps_end_utt(): the frames are searched once, as they come):
 *   <id> TAB stream-start TAB <profile index> TAB <JSGF path> TAB <dictionary path>     -> <id> TAB ok
 *   <id> TAB stream-audio TAB <base64 of 16 kHz 16-bit mono PCM, little-endian>          -> <id> TAB ok TAB <hypseg>
 *   <id> TAB stream-end                                                                  -> <id> TAB ok TAB <hypseg>
 * stream-audio answers the best path so far (to the last word that has ended; empty until one has, and during the
 * first quarter second: "utt S 0 T 0 A 0 L 0 0"), stream-end the utterance's. A stream's cepstral mean is estimated as
 * it goes (pocketsphinx's live CMN, from the model's -cmninit afresh for each stream) where a batch decode takes the
 * whole utterance's, so a stream hears much as, not exactly as, the same audio's batch decode; when it ends with no
 * path through the grammar, its audio is decoded again as a batch request would be. A stream depends on its audio
 * alone, whatever streams came before it; after a batch decode of more than a second on the same process, its scores
 * can differ by a few points (seen, not its words: the acoustic model's buffers, which a batch decode grows, cut its
 * frames into other blocks), so a caller keeps processes for streams. One stream is open at a time: a batch request
 * or a second stream-start while it is, or stream-audio or stream-end without one, is answered with an error and
 * changes nothing.
 *
 * The process exits when stdin closes. Requests are answered in order; a caller wanting parallel decodes runs
 * several processes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pocketsphinx.h>
#include <sphinxbase/err.h>

/* The searches and the acoustic model's frame loop, to step two searches together (build.sh adds the path). */
#include "pocketsphinx_internal.h"
#include "fsg_search_internal.h"

#define MAX_PROFILES 8
/* A request line: a stream's half second of audio is 16000 bytes, 21336 in base64. */
#define MAX_LINE 32768
/* A stream's audio kept for a decode again at its end: a minute (live hearing ends a take at 35 s). */
#define MAX_STREAM_SAMPLES (16000 * 60)
/*
 * A stream's first quarter second is searched at once. pocketsphinx holds an utterance's first frames back (its voice
 * activity detector's start, 10 frames, even with -remove_silence no), and a first piece of audio that yields none
 * skips the copies of the first frame the feature window starts from (feat_s2mfc2feat_live()): the window would
 * read what an earlier utterance left behind, and the same audio would be heard differently after another.
 */
#define STREAM_FIRST_SAMPLES 4000
#define MAX_FIELDS 9
/* pocketsphinx's own beams (-beam, -pbeam, -wbeam), for a grammar the narrow ones found no path through. */
#define DEFAULT_BEAM 1e-48
#define DEFAULT_PBEAM 1e-48
#define DEFAULT_WBEAM 7e-29

typedef struct {
    ps_decoder_t *ps;
    char *dict; /* the dictionary path loaded, or NULL for the model's */
    int *ci_senones; /* the context-independent phones' senones, which the free-phone search scores */
    int n_ci_senones;
    /* The model's cepstral mean normalisation (a batch decode's), which a stream's first frames switch to live for
     * good (feat_cmn()) and its end puts back, and the initial mean (-cmninit) each stream starts from. */
    cmn_type_t cmn_type;
    mfcc_t *cmn_init;
} profile_t;

static profile_t profiles[MAX_PROFILES];
static int n_profiles;

/* The open stream: its profile (NULL when none is open) and the audio it was given. */
static struct {
    profile_t *profile;
    int16 *audio;
    size_t n_samples, capacity;
} stream;

static void
answer_error(char const *id, char const *reason)
{
    printf("%s\terror\t%s\n", id, reason);
    fflush(stdout);
}

static int
load_profile(profile_t *profile, char const *hmm, char const *beams, char const *phone_lm, char const *spec)
{
    char warp[64], topn[16], compallsen[4], beam[32], pbeam[32], wbeam[32];
    cmd_ln_t *config;
    bin_mdef_t *mdef;
    int p, k;

    if (sscanf(spec, "%63[^:]:%15[^:]:%3s", warp, topn, compallsen) != 3 || (strcmp(compallsen, "0") && strcmp(compallsen, "1")))
        return -1;
    if (sscanf(beams, "%31[^:]:%31[^:]:%31s", beam, pbeam, wbeam) != 3)
        return -1;
    /* pocketsphinx_batch's settings as the worker runs it (grammar-decoder.ts); everything else its defaults. */
    config = cmd_ln_init(NULL, ps_args(), TRUE,
                         "-hmm", hmm,
                         "-remove_noise", "yes",
                         "-remove_silence", "no",
                         "-compallsen", strcmp(compallsen, "1") == 0 ? "yes" : "no",
                         "-allphone_ci", "yes",
                         "-warp_type", "inverse_linear",
                         "-warp_params", warp,
                         "-topn", topn,
                         "-beam", beam,
                         "-pbeam", pbeam,
                         "-wbeam", wbeam,
                         "-logfn", "/dev/null",
                         NULL);
    if (config == NULL)
        return -1;
    profile->ps = ps_init(config);
    cmd_ln_free_r(config);
    if (profile->ps == NULL)
        return -1;
    if (ps_set_allphone_file(profile->ps, "phones", phone_lm) < 0)
        return -1;
    profile->dict = NULL;
    mdef = profile->ps->acmod->mdef;
    profile->ci_senones = ckd_calloc(bin_mdef_n_ciphone(mdef) * bin_mdef_n_emit_state(mdef), sizeof(int));
    for (p = 0; p < bin_mdef_n_ciphone(mdef); ++p)
        for (k = 0; k < bin_mdef_n_emit_state_phone(mdef, p); ++k)
            profile->ci_senones[profile->n_ci_senones++] = bin_mdef_sseq2sen(mdef, bin_mdef_pid2ssid(mdef, p), k);
    profile->cmn_type = profile->ps->acmod->fcb->cmn;
    profile->cmn_init = ckd_calloc(profile->ps->acmod->fcb->cmn_struct->veclen, sizeof(mfcc_t));
    cmn_live_get(profile->ps->acmod->fcb->cmn_struct, profile->cmn_init);
    return 0;
}

/* The WAV's samples from `first`, `count` of them (all when negative), after its 44-byte header. */
static int16 *
read_samples(char const *path, long first, long count, long *out_count)
{
    FILE *fh = fopen(path, "rb");
    long total;
    int16 *data;

    if (fh == NULL)
        return NULL;
    if (fseek(fh, 0, SEEK_END) < 0 || (total = (ftell(fh) - 44) / 2) < 0 || first < 0 || first > total) {
        fclose(fh);
        return NULL;
    }
    if (count < 0 || first + count > total)
        count = total - first;
    data = ckd_calloc(count > 0 ? count : 1, sizeof(*data));
    if (fseek(fh, 44 + first * 2, SEEK_SET) < 0 || (long)fread(data, sizeof(*data), count, fh) != count) {
        ckd_free(data);
        fclose(fh);
        return NULL;
    }
    fclose(fh);
    *out_count = count;
    return data;
}

/* pocketsphinx_batch's write_hypseg() for `search`, after a tab. */
static void
write_hypseg(ps_search_t *search)
{
    int32 ascr = 0, lscr = 0, sf = 0, ef = 0, score;
    ps_seg_t *itor;

    ps_search_hyp(search, &score);
    for (itor = ps_search_seg_iter(search); itor; itor = ps_seg_next(itor)) {
        int32 wascr, wlscr;
        ps_seg_prob(itor, &wascr, &wlscr, NULL);
        ascr += wascr;
        lscr += wlscr;
    }
    printf("\tutt S %d T %d A %d L %d", 0, ascr + lscr, ascr, lscr);
    for (itor = ps_search_seg_iter(search); itor; itor = ps_seg_next(itor)) {
        int32 wascr, wlscr;
        ps_seg_prob(itor, &wascr, &wlscr, NULL);
        ps_seg_frames(itor, &sf, &ef);
        printf(" %d %d %d %s", sf, wascr, wlscr, ps_seg_word(itor));
    }
    printf(" %d", ef);
}

/*
 * Steps every search over the frames the acoustic model has ready (ps_search_forward(), for several searches). With
 * more than one search, each frame's active senones start as the free-phone search's (the context-independent
 * phones'), the grammar's search adds its own, and the frame is scored once for both.
 */
static void
forward(profile_t *profile, ps_search_t **searches, int n)
{
    acmod_t *acmod = profile->ps->acmod;
    int k;

    while (acmod->n_feat_frame > 0) {
        if (n > 1 && !acmod->compallsen) {
            acmod->hold_active = FALSE;
            acmod_clear_active(acmod);
            for (k = 0; k < profile->n_ci_senones; ++k)
                bitvec_set(acmod->senone_active_vec, profile->ci_senones[k]);
            acmod->hold_active = TRUE;
        }
        for (k = 0; k < n; ++k)
            ps_search_step(searches[k], acmod->output_frame);
        acmod_advance(acmod);
    }
    acmod->hold_active = FALSE;
}

/*
 * ps_decode_raw() on a seekable file (ps_start_stream(), ps_start_utt(), ps_process_raw() of the whole utterance,
 * ps_end_utt()) with every search in `searches` started, stepped and finished together.
 */
/* Whether a search ended with a hypothesis (a path through its grammar to its end). */
static int
found_path(ps_search_t *search)
{
    int32 score;
    char const *hyp = ps_search_hyp(search, &score);
    return hyp != NULL && hyp[0] != '\0';
}

/* Sets a grammar search's beams, in the log units it keeps them in (fsg_search_init()'s conversion). */
static void
set_beams(ps_search_t *search, logmath_t *lmath, double beam, double pbeam, double wbeam)
{
    fsg_search_t *fsgs = (fsg_search_t *)search;
    fsgs->beam_orig = (int32)logmath_log(lmath, beam) >> SENSCR_SHIFT;
    fsgs->pbeam_orig = (int32)logmath_log(lmath, pbeam) >> SENSCR_SHIFT;
    fsgs->wbeam_orig = (int32)logmath_log(lmath, wbeam) >> SENSCR_SHIFT;
}

static int
decode(profile_t *profile, ps_search_t **searches, int n, int16 const *data, size_t count)
{
    ps_decoder_t *ps = profile->ps;
    int k;

    ps_start_stream(ps);
    for (k = 0; k < n; ++k) {
        ps_lattice_free(searches[k]->dag);
        searches[k]->dag = NULL;
        searches[k]->last_link = NULL;
        searches[k]->post = 0;
        ckd_free(searches[k]->hyp_str);
        searches[k]->hyp_str = NULL;
    }
    if (acmod_start_utt(ps->acmod) < 0)
        return -1;
    for (k = 0; k < n; ++k)
        if (ps_search_start(searches[k]) < 0)
            return -1;
    while (count) {
        if (acmod_process_raw(ps->acmod, &data, &count, TRUE) < 0)
            return -1;
        forward(profile, searches, n);
    }
    acmod_end_utt(ps->acmod);
    forward(profile, searches, n);
    for (k = n - 1; k >= 0; --k)
        if (ps_search_finish(searches[k]) < 0)
            return -1;
    return 0;
}

/* A grammar's decode (searches[0]; the free phones beside it when n is 2), again with pocketsphinx's default beams
 * when it found no path within the narrow ones. */
static int
decode_grammar(profile_t *profile, ps_search_t **searches, int n, int16 const *data, size_t count)
{
    fsg_search_t *fsgs = (fsg_search_t *)searches[0];
    int32 beam = fsgs->beam_orig, pbeam = fsgs->pbeam_orig, wbeam = fsgs->wbeam_orig;
    int rv;

    if (decode(profile, searches, n, data, count) < 0)
        return -1;
    if (found_path(searches[0]))
        return 0;
    set_beams(searches[0], profile->ps->acmod->lmath, DEFAULT_BEAM, DEFAULT_PBEAM, DEFAULT_WBEAM);
    rv = decode(profile, searches, n, data, count);
    fsgs->beam_orig = beam;
    fsgs->pbeam_orig = pbeam;
    fsgs->wbeam_orig = wbeam;
    return rv;
}

static profile_t *
profile_at(char const *field)
{
    int index = atoi(field);
    return index >= 0 && index < n_profiles ? &profiles[index] : NULL;
}

/* Makes a grammar the profile's search; NULL, or why it could not. */
static char const *
set_grammar(profile_t *profile, char const *jsgf_path, char const *dict_path)
{
    ps_decoder_t *ps = profile->ps;

    /* The same dictionary (a request's) is kept loaded for the requests that name it after it. */
    if (profile->dict == NULL || strcmp(profile->dict, dict_path) != 0) {
        /* The last grammar is dropped first: loading a dictionary rebuilds every search, and its words may be gone. */
        ps_unset_search(ps, "grammar");
        if (ps_load_dict(ps, dict_path, NULL, NULL) < 0)
            return "the dictionary could not be loaded";
        ckd_free(profile->dict);
        profile->dict = ckd_salloc(dict_path);
    }
    if (ps_set_jsgf_file(ps, "grammar", jsgf_path) < 0 || ps_set_search(ps, "grammar") < 0)
        return "the grammar could not be set";
    return NULL;
}

static void
batch(char **fields, int n)
{
    profile_t *profile;
    ps_decoder_t *ps;
    ps_search_t *searches[2], *phones;
    void *found;
    char const *reason;
    int n_searches = 0, k;
    int16 *data;
    long count = 0;

    if (n != 8) {
        answer_error(fields[0], "expected 8 fields");
        return;
    }
    if ((profile = profile_at(fields[1])) == NULL) {
        answer_error(fields[0], "no such profile");
        return;
    }
    ps = profile->ps;
    phones = hash_table_lookup(ps->searches, "phones", &found) == 0 ? found : NULL;
    if (phones == NULL) {
        answer_error(fields[0], "no phone search");
        return;
    }
    if (strcmp(fields[2], "-") == 0) {
        searches[n_searches++] = phones;
    }
    else {
        if ((reason = set_grammar(profile, fields[2], fields[3])) != NULL) {
            answer_error(fields[0], reason);
            return;
        }
        searches[n_searches++] = ps->search;
        if (strcmp(fields[7], "1") == 0)
            searches[n_searches++] = phones;
    }
    if ((data = read_samples(fields[4], atol(fields[5]), atol(fields[6]), &count)) == NULL) {
        answer_error(fields[0], "the audio could not be read");
        return;
    }
    k = searches[0] == phones ? decode(profile, searches, n_searches, data, count)
                              : decode_grammar(profile, searches, n_searches, data, count);
    ckd_free(data);
    if (k < 0) {
        answer_error(fields[0], "the decode failed");
        return;
    }
    printf("%s\tok", fields[0]);
    for (k = 0; k < n_searches; ++k)
        write_hypseg(searches[k]);
    printf("\n");
    fflush(stdout);
}

static void
stream_start(char **fields, int n)
{
    profile_t *profile;
    ps_decoder_t *ps;
    cmn_t *cmn;
    char const *reason;

    if (n != 5) {
        answer_error(fields[0], "expected 5 fields");
        return;
    }
    if (stream.profile != NULL) {
        answer_error(fields[0], "a stream is open");
        return;
    }
    if ((profile = profile_at(fields[2])) == NULL) {
        answer_error(fields[0], "no such profile");
        return;
    }
    if ((reason = set_grammar(profile, fields[3], fields[4])) != NULL) {
        answer_error(fields[0], reason);
        return;
    }
    ps = profile->ps;
    /* The live mean from the model's initial one, as in a process just started: a stream hears its own audio alone. */
    cmn = ps->acmod->fcb->cmn_struct;
    memcpy(cmn->cmn_mean, profile->cmn_init, cmn->veclen * sizeof(mfcc_t));
    memset(cmn->sum, 0, cmn->veclen * sizeof(mfcc_t));
    cmn->nframe = 0;
    if (ps_start_stream(ps) < 0 || ps_start_utt(ps) < 0) {
        ps->acmod->fcb->cmn = profile->cmn_type;
        answer_error(fields[0], "the stream could not start");
        return;
    }
    stream.profile = profile;
    stream.n_samples = 0;
    printf("%s\tok\n", fields[0]);
    fflush(stdout);
}

#define BASE64_DIGITS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

/* Standard base64 (RFC 4648, padded): its length decoded, or -1 when it is not base64. */
static long
base64_length(char const *text)
{
    size_t len = strlen(text), valid = strspn(text, BASE64_DIGITS), pad = 0;

    while (pad < 2 && valid + pad < len && text[valid + pad] == '=')
        ++pad;
    return len % 4 == 0 && valid + pad == len ? (long)(len / 4 * 3 - pad) : -1;
}

static void
base64_decode(char const *text, unsigned char *out)
{
    unsigned long bits = 0;
    int n_bits = 0;

    for (; *text && *text != '='; ++text) {
        bits = (bits << 6) | (unsigned long)(strchr(BASE64_DIGITS, *text) - BASE64_DIGITS);
        if ((n_bits += 6) >= 8) {
            n_bits -= 8;
            *out++ = (bits >> n_bits) & 0xff;
        }
    }
}

/* Ends the open stream's utterance, and puts its decoder's normalisation back as a batch decode has it. */
static int
end_stream(void)
{
    ps_decoder_t *ps = stream.profile->ps;
    int rv = ps_end_utt(ps);

    ps->acmod->fcb->cmn = stream.profile->cmn_type;
    stream.profile = NULL;
    return rv;
}

/* Searches the stream's audio from `first` (a sample), the first quarter second all at once (STREAM_FIRST_SAMPLES). */
static int
search_stream(size_t first)
{
    if (stream.n_samples < STREAM_FIRST_SAMPLES)
        return 0;
    if (first < STREAM_FIRST_SAMPLES)
        first = 0;
    return ps_process_raw(stream.profile->ps, stream.audio + first, stream.n_samples - first, FALSE, FALSE) < 0 ? -1 : 0;
}

static void
stream_audio(char **fields, int n)
{
    long n_bytes;
    size_t count;

    if (n != 3) {
        answer_error(fields[0], "expected 3 fields");
        return;
    }
    if (stream.profile == NULL) {
        answer_error(fields[0], "no stream is open");
        return;
    }
    if ((n_bytes = base64_length(fields[2])) < 0 || n_bytes % 2 != 0) {
        answer_error(fields[0], "the audio is not base64 16-bit PCM");
        return;
    }
    count = n_bytes / 2;
    if (stream.n_samples + count > MAX_STREAM_SAMPLES) {
        answer_error(fields[0], "the stream is too long");
        return;
    }
    if (stream.n_samples + count > stream.capacity) {
        stream.capacity = stream.n_samples + count > 2 * stream.capacity ? stream.n_samples + count : 2 * stream.capacity;
        stream.audio = ckd_realloc(stream.audio, stream.capacity * sizeof(*stream.audio));
    }
    base64_decode(fields[2], (unsigned char *)(stream.audio + stream.n_samples));
    stream.n_samples += count;
    if (search_stream(stream.n_samples - count) < 0) {
        end_stream();
        answer_error(fields[0], "the decode failed");
        return;
    }
    printf("%s\tok", fields[0]);
    write_hypseg(stream.profile->ps->search);
    printf("\n");
    fflush(stdout);
}

static void
stream_end(char **fields, int n)
{
    profile_t *profile = stream.profile;
    ps_search_t *search;

    if (n != 2) {
        answer_error(fields[0], "expected 2 fields");
        return;
    }
    if (profile == NULL) {
        answer_error(fields[0], "no stream is open");
        return;
    }
    search = profile->ps->search;
    /* Less than a quarter second, held back until now. */
    if (stream.n_samples < STREAM_FIRST_SAMPLES && stream.n_samples > 0 &&
        ps_process_raw(profile->ps, stream.audio, stream.n_samples, FALSE, FALSE) < 0) {
        end_stream();
        answer_error(fields[0], "the decode failed");
        return;
    }
    if (end_stream() < 0) {
        answer_error(fields[0], "the decode failed");
        return;
    }
    /* No path through the grammar: the audio decoded as a batch request would be (its own mean, then wider beams). */
    if (!found_path(search) && decode_grammar(profile, &search, 1, stream.audio, stream.n_samples) < 0) {
        answer_error(fields[0], "the decode failed");
        return;
    }
    printf("%s\tok", fields[0]);
    write_hypseg(search);
    printf("\n");
    fflush(stdout);
}

static void
serve(char *line)
{
    char *fields[MAX_FIELDS];
    int n = 0;
    char *save = NULL, *field;

    for (field = strtok_r(line, "\t\n", &save); field && n < MAX_FIELDS; field = strtok_r(NULL, "\t\n", &save))
        fields[n++] = field;
    if (n < 1)
        return;
    if (n >= 2 && strcmp(fields[1], "stream-start") == 0)
        stream_start(fields, n);
    else if (n >= 2 && strcmp(fields[1], "stream-audio") == 0)
        stream_audio(fields, n);
    else if (n >= 2 && strcmp(fields[1], "stream-end") == 0)
        stream_end(fields, n);
    /* A batch decode would step the stream's decoder (or, with another profile, pass it by): none while it is open. */
    else if (stream.profile != NULL)
        answer_error(fields[0], "a stream is open");
    else
        batch(fields, n);
}

/* A uniform unigram language model over the model's context-independent phones, as a temporary ARPA file. */
static int
write_phone_loop_lm(char const *hmm, char *path)
{
    char mdef_path[4096];
    bin_mdef_t *mdef;
    FILE *fh;
    int fd, p, n;

    if (snprintf(mdef_path, sizeof(mdef_path), "%s/mdef", hmm) >= (int)sizeof(mdef_path) || (mdef = bin_mdef_read(NULL, mdef_path)) == NULL)
        return -1;
    if ((fd = mkstemp(path)) < 0 || (fh = fdopen(fd, "w")) == NULL) {
        bin_mdef_free(mdef);
        return -1;
    }
    n = bin_mdef_n_ciphone(mdef);
    fprintf(fh, "\\data\\\nngram 1=%d\n\n\\1-grams:\n-99.0000 <s> 0.0000\n%.4f </s> 0.0000\n", n + 2, log10(1.0 / n));
    for (p = 0; p < n; ++p)
        fprintf(fh, "%.4f %s 0.0000\n", log10(1.0 / n), bin_mdef_ciphone_str(mdef, p));
    fprintf(fh, "\n\\end\\\n");
    bin_mdef_free(mdef);
    return fclose(fh) == 0 ? 0 : -1;
}

int
main(int argc, char *argv[])
{
    static char line[MAX_LINE];
    char phone_lm[] = "/tmp/decoder-server-phones-XXXXXX";
    int i;

    if (argc < 4 || argc - 3 > MAX_PROFILES) {
        fprintf(stderr, "usage: %s <hmm dir> <beam>:<pbeam>:<wbeam> <warp>:<topn>:<compallsen 0|1> [...]\n", argv[0]);
        return 2;
    }
    err_set_logfp(NULL);
    if (write_phone_loop_lm(argv[1], phone_lm) < 0) {
        fprintf(stderr, "%s: could not write the phone loop's language model\n", argv[0]);
        return 1;
    }
    for (i = 3; i < argc; ++i) {
        if (load_profile(&profiles[n_profiles], argv[1], argv[2], phone_lm, argv[i]) < 0) {
            fprintf(stderr, "%s: could not load the decoder for %s\n", argv[0], argv[i]);
            unlink(phone_lm);
            return 1;
        }
        ++n_profiles;
    }
    unlink(phone_lm);
    printf("ready\n");
    fflush(stdout);
    while (fgets(line, sizeof(line), stdin)) {
        if (strchr(line, '\n') == NULL && !feof(stdin)) {
            int c;
            while ((c = getchar()) != '\n' && c != EOF)
                ;
            answer_error("-", "request too long");
            continue;
        }
        serve(line);
    }
    return 0;
}
