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
#define MAX_LINE 8192
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
} profile_t;

static profile_t profiles[MAX_PROFILES];
static int n_profiles;

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

static void
serve(char *line)
{
    char *fields[MAX_FIELDS];
    int n = 0, index;
    char *save = NULL, *field;
    profile_t *profile;
    ps_decoder_t *ps;
    ps_search_t *searches[2], *phones;
    void *found;
    int n_searches = 0, k;
    int16 *data;
    long count = 0;

    for (field = strtok_r(line, "\t\n", &save); field && n < MAX_FIELDS; field = strtok_r(NULL, "\t\n", &save))
        fields[n++] = field;
    if (n < 1)
        return;
    if (n != 8) {
        answer_error(fields[0], "expected 8 fields");
        return;
    }
    index = atoi(fields[1]);
    if (index < 0 || index >= n_profiles) {
        answer_error(fields[0], "no such profile");
        return;
    }
    profile = &profiles[index];
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
        /* The same dictionary (a request's) is kept loaded for the requests that name it after it. */
        if (profile->dict == NULL || strcmp(profile->dict, fields[3]) != 0) {
            /* The last grammar is dropped first: loading a dictionary rebuilds every search, and its words may be gone. */
            ps_unset_search(ps, "grammar");
            if (ps_load_dict(ps, fields[3], NULL, NULL) < 0) {
                answer_error(fields[0], "the dictionary could not be loaded");
                return;
            }
            ckd_free(profile->dict);
            profile->dict = ckd_salloc(fields[3]);
        }
        if (ps_set_jsgf_file(ps, "grammar", fields[2]) < 0 || ps_set_search(ps, "grammar") < 0) {
            answer_error(fields[0], "the grammar could not be set");
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
    if (decode(profile, searches, n_searches, data, count) < 0) {
        ckd_free(data);
        answer_error(fields[0], "the decode failed");
        return;
    }
    if (searches[0] != phones && !found_path(searches[0])) {
        fsg_search_t *fsgs = (fsg_search_t *)searches[0];
        int32 beam = fsgs->beam_orig, pbeam = fsgs->pbeam_orig, wbeam = fsgs->wbeam_orig;
        set_beams(searches[0], ps->acmod->lmath, DEFAULT_BEAM, DEFAULT_PBEAM, DEFAULT_WBEAM);
        k = decode(profile, searches, n_searches, data, count);
        fsgs->beam_orig = beam;
        fsgs->pbeam_orig = pbeam;
        fsgs->wbeam_orig = wbeam;
        if (k < 0) {
            ckd_free(data);
            answer_error(fields[0], "the decode failed");
            return;
        }
    }
    ckd_free(data);
    printf("%s\tok", fields[0]);
    for (k = 0; k < n_searches; ++k)
        write_hypseg(searches[k]);
    printf("\n");
    fflush(stdout);
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
